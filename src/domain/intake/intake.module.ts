import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApplicationsModule } from '../applications/applications.module';
import { IntakeToken } from './intake-token.entity';
import { IntakeTokenRepository } from './intake-token.repository';
import { IntakeService } from './intake.service';

/** Applications' SMTP intake addresses: the table this module owns. */
@Module({
  imports: [TypeOrmModule.forFeature([IntakeToken]), ApplicationsModule],
  providers: [IntakeTokenRepository, IntakeService],
  exports: [IntakeService],
})
export class IntakeModule {}
