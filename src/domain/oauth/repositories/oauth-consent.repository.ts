import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { OAuthConsent } from '../oauth-consent.entity';

/** Which user allowed which application; one row per pair. */
@Injectable()
export class OAuthConsentRepository {
  constructor(@InjectRepository(OAuthConsent) private readonly rows: Repository<OAuthConsent>) {}

  /** Records the consent; a pair that has one already keeps it. */
  async grant(consent: OAuthConsent): Promise<void> {
    await this.rows.upsert(consent, {
      conflictPaths: ['userId', 'applicationId'],
      skipUpdateIfNoValuesChanged: true,
    });
  }

  exists(userId: string, applicationId: string): Promise<boolean> {
    return this.rows.existsBy({ userId, applicationId });
  }
}
