import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Email } from './email.entity';
import { EmailRepository } from './email.repository';
import { EmailsService } from './emails.service';
import { ImageFetcher } from './images/image-fetcher';
import { HtmlInspector } from './inspect/html-inspector';

/** The Email rows and their image copies, without HTTP: for the API, workers and the CLI. */
@Module({
  imports: [TypeOrmModule.forFeature([Email])],
  providers: [EmailRepository, EmailsService, ImageFetcher, HtmlInspector],
  exports: [EmailsService],
})
export class EmailStoreModule {}
