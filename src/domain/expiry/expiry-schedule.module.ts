import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { ExpiryModule } from './expiry.module';
import { ExpiryScheduler } from './expiry.scheduler';

/** The expiry jobs on an interval (@nestjs/schedule), for the process that runs them. */
@Module({
  imports: [ScheduleModule.forRoot(), ExpiryModule],
  providers: [ExpiryScheduler],
})
export class ExpiryScheduleModule {}
