import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { StaffKey } from '../../domain/applications/staff-key.entity';
import type { Actor } from '../../domain/audit/audit-log';
import { clientAddress } from '../../platform/throttling/client-address';

/** The staff key the guard admitted and the address the request came from: who acts. */
export const AdminActor = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Actor => {
    const request = context.switchToHttp().getRequest<Request & { staff: StaffKey }>();
    return {
      staffKeyId: request.staff.id,
      staffKeyName: request.staff.name,
      address: clientAddress(request),
    };
  },
);
