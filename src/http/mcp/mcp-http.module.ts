import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { McpController } from './mcp.controller';

/** The MCP server at /mcp; its tools reach the rest of the API over HTTP, not through Nest. */
@Module({
  imports: [AuthModule],
  controllers: [McpController],
})
export class McpHttpModule {}
