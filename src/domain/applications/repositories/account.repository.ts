import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityTarget } from 'typeorm';
import { Account } from '../account.entity';
import { Application } from '../application.entity';
import { User } from '../user.entity';

/** Accounts are created only together with the application or user who owns them. */
@Injectable()
export class AccountRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  insertWithApplication(account: Account, application: Application): Promise<Application> {
    return this.insertWithOwner(account, Application, application);
  }

  insertWithUser(account: Account, user: User): Promise<User> {
    return this.insertWithOwner(account, User, user);
  }

  private insertWithOwner<T extends object>(
    account: Account,
    target: EntityTarget<T>,
    owner: T,
  ): Promise<T> {
    return this.dataSource.transaction(async (manager) => {
      await manager.insert(Account, account);
      await manager.insert(target, owner);
      return owner;
    });
  }
}
