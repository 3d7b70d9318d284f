import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Application } from '../application.entity';

@Injectable()
export class ApplicationRepository {
  constructor(@InjectRepository(Application) private readonly rows: Repository<Application>) {}

  list(): Promise<Application[]> {
    return this.rows.find({ order: { createdAt: 'ASC' } });
  }

  async update(application: Application): Promise<void> {
    await this.rows.save(application);
  }

  findById(id: string): Promise<Application | null> {
    return this.rows.findOneBy({ id });
  }

  findByClientId(clientId: string): Promise<Application | null> {
    return this.rows.findOneBy({ clientId });
  }

  findByApiKeyId(apiKeyId: string): Promise<Application | null> {
    return this.rows.findOneBy({ apiKeyId });
  }
}
