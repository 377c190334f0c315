import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { createRequire } from 'node:module';
import type PinoPretty from 'pino-pretty';
import type { Config, LogFormat } from '../../config/env.ts';
import { REDACTED_PATHS, serializeError } from './log-redaction.ts';

/** Where log lines go: standard output unless a caller (a test) captures them. */
export type LogDestination = { write: (line: string) => unknown; isTTY?: boolean };

/**
 * The pino options of the API and the worker: the level, what is redacted, the error serializer, and
 * for the `pretty` format a stream that writes each JSON line as pino-pretty's readable line. The
 * redaction happens before the line is formatted, so both formats hide the same fields.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  destination?: LogDestination,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  const options = {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError, error: serializeError },
  };
  if (config.logFormat !== 'pretty') return destination ? { ...options, stream: destination } : options;
  const output: LogDestination = destination ?? process.stdout;
  // Required here, not imported at the top: only a terminal's logs need it, and a production start pays for
  // every module it loads.
  const { prettyFactory } = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
  const prettify = prettyFactory({
    colorize: output.isTTY === true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    singleLine: true,
  });
  return { ...options, stream: { write: (line: string) => output.write(prettify(line)) } };
}

/**
 * Fastify's line for each request received and answered, at debug instead of info: in a terminal
 * they would bury the lines that say something (a web page loads dozens of files). Failed requests
 * are still logged as errors.
 */
class RequestLinesAtDebug extends LogController {
  override incomingRequest(request: FastifyRequest) {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error || this.isLogDisabled(request)) return super.requestCompleted(error, request, reply);
    reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** The request lines' level for the format: debug for a reader of the terminal, Fastify's info for JSON. */
export function requestLogController(format: LogFormat | undefined): LogController | undefined {
  return format === 'pretty' ? new RequestLinesAtDebug() : undefined;
}
