import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { parseAddress, parseInteger } from './field-parsers';
import { RequestValidationError } from './request-validation.error';
import { Parsed, placeIssue } from './validation-issue';

function unwrap<T>(parsed: Parsed<T>, value: unknown, metadata: ArgumentMetadata): T {
  if (parsed.ok) return parsed.value;
  const location = metadata.type === 'query' ? 'query' : 'path';
  throw new RequestValidationError([placeIssue(parsed.issue, [location, metadata.data ?? ''], value)]);
}

const INTEGER_TEXT = /^\s*[+-]?\d+\s*$/;

/**
 * `@Param('position_id', ParseIntPathPipe)`: an integer, else 422 int_parsing at ["path", name].
 * An id written as an integer beyond ±2^53 names no row: it is passed on as an inexact number,
 * which the routes answer 404 (they look up only safe integers), as a path id always was.
 */
@Injectable()
export class ParseIntPathPipe implements PipeTransform<string, number> {
  transform(value: string, metadata: ArgumentMetadata): number {
    const parsed = parseInteger(value);
    if (!parsed.ok && typeof value === 'string' && INTEGER_TEXT.test(value)) return Number(value);
    return unwrap(parsed, value, metadata);
  }
}

/** `@Param('perp_address', ParseAddressPathPipe)`: a 0x address, lower-cased, else 422. */
@Injectable()
export class ParseAddressPathPipe implements PipeTransform<string, string> {
  transform(value: string, metadata: ArgumentMetadata): string {
    return unwrap(parseAddress(value), value, metadata);
  }
}
