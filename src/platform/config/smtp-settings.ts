import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, Min, ValidateIf } from 'class-validator';
import { toInt } from './env-transforms';

/** SMTP intake's environment variables (docs/api.md#smtp-intake); Environment inherits them. */
export class SmtpEnvironment {
  /** Where SMTP intake listens (0: not at all). On by default, on loopback only (SMTP_HOST). */
  @Transform(toInt) @IsInt() @Min(0) @Max(65535) SMTP_PORT = 2525;
  @IsString() SMTP_HOST = '127.0.0.1';
  /** The domain of intake addresses; unset: PUBLIC_URL's host. */
  @IsOptional()
  @Matches(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i, {
    message: 'must be a domain name',
  })
  SMTP_DOMAIN?: string;
  /** PEM files: with both, the listener offers STARTTLS. */
  @ValidateIf((env: SmtpEnvironment) => env.SMTP_TLS_KEY !== undefined)
  @IsString({ message: 'is required with SMTP_TLS_KEY' })
  SMTP_TLS_CERT?: string;
  @ValidateIf((env: SmtpEnvironment) => env.SMTP_TLS_CERT !== undefined)
  @IsString({ message: 'is required with SMTP_TLS_CERT' })
  SMTP_TLS_KEY?: string;
}

export interface SmtpSettings {
  /** 0: no listener. */
  port: number;
  host: string;
  /** Lower case: intake addresses are compared in it. */
  domain: string;
  /** Both files or none: STARTTLS is offered only with a certificate. */
  tls?: { certFile: string; keyFile: string };
}

export function smtpSettings(env: SmtpEnvironment, publicUrl: string): SmtpSettings {
  const { SMTP_TLS_CERT: certFile, SMTP_TLS_KEY: keyFile } = env;
  return {
    port: env.SMTP_PORT,
    host: env.SMTP_HOST,
    domain: (env.SMTP_DOMAIN ?? new URL(publicUrl).hostname).toLowerCase(),
    ...(certFile && keyFile && { tls: { certFile, keyFile } }),
  };
}
