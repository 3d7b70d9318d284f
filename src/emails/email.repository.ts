import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, LessThanOrEqual, Repository } from 'typeorm';
import { Email } from './email.entity';

@Injectable()
export class EmailRepository {
  constructor(@InjectRepository(Email) private readonly rows: Repository<Email>) {}

  async insert(email: Email): Promise<Email> {
    await this.rows.insert(email);
    return email;
  }

  findById(id: string): Promise<Email | null> {
    return this.rows.findOneBy({ id });
  }

  /** Emails past expiresAt and not yet expired, oldest first: id and image copies only. */
  findDue(now: Date, take: number): Promise<Pick<Email, 'id' | 'images' | 'resources'>[]> {
    return this.rows.find({
      select: { id: true, images: true, resources: true },
      where: { expiredAt: IsNull(), expiresAt: LessThanOrEqual(now) },
      order: { expiresAt: 'ASC' },
      take,
    });
  }

  /** Marks one email expired, clearing the given columns; false when another process did. */
  async expire(id: string, at: Date, cleared: Partial<Email>): Promise<boolean> {
    const result = await this.rows.update(
      { id, expiredAt: IsNull() },
      { expiredAt: at, ...cleared },
    );
    return result.affected === 1;
  }
}
