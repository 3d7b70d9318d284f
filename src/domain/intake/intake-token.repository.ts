import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { IntakeToken } from './intake-token.entity';

@Injectable()
export class IntakeTokenRepository {
  constructor(@InjectRepository(IntakeToken) private readonly rows: Repository<IntakeToken>) {}

  findByApplication(applicationId: string): Promise<IntakeToken | null> {
    return this.rows.findOneBy({ applicationId });
  }

  findByToken(token: string): Promise<IntakeToken | null> {
    return this.rows.findOneBy({ token });
  }

  /** Fails on a second row for the application (the primary key): two first uses at once. */
  async insert(row: IntakeToken): Promise<void> {
    await this.rows.insert(row);
  }

  async replace(applicationId: string, token: string, createdAt: Date): Promise<void> {
    await this.rows.update({ applicationId }, { token, createdAt });
  }
}
