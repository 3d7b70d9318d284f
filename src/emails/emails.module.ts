import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { Email } from './email.entity';
import { EmailsController } from './emails.controller';
import { EmailsService } from './emails.service';
import { ImageFetcher } from './images/image-fetcher';

@Module({
  imports: [TypeOrmModule.forFeature([Email]), AuthModule],
  controllers: [EmailsController],
  providers: [EmailsService, ImageFetcher],
  exports: [EmailsService],
})
export class EmailsModule {}
