import { Module } from '@nestjs/common';
import { IntakeModule } from '../../domain/intake/intake.module';
import { AuthModule } from '../auth/auth.module';
import { IntakeController } from './intake.controller';

/** The intake address over HTTP (the SMTP listener itself: smtp/). */
@Module({
  imports: [IntakeModule, AuthModule],
  controllers: [IntakeController],
})
export class IntakeHttpModule {}
