import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EmailFileHolder } from './email-file-holder';
import { EmailHeads } from './email-heads';
import { Email } from './email.entity';
import { EmailRepository } from './email.repository';
import { EmailsService } from './emails.service';
import { ImageFetcher } from './fetch/image-fetcher';
import { RemoteDownload } from './fetch/remote-download';
import { ResourceFetcher } from './fetch/resource-fetcher';
import { HtmlInspector } from './inspect/html-inspector';

/** The Email rows and their stored copies (images, stylesheets, fonts), without HTTP: for the API, workers and the CLI. */
@Module({
  imports: [TypeOrmModule.forFeature([Email])],
  providers: [
    EmailRepository,
    EmailFileHolder,
    EmailsService,
    EmailHeads,
    RemoteDownload,
    ImageFetcher,
    ResourceFetcher,
    HtmlInspector,
  ],
  // RemoteDownload: the same protections for any other fetch of the web (a BIMI logo).
  exports: [EmailsService, EmailHeads, RemoteDownload],
})
export class EmailStoreModule {}
