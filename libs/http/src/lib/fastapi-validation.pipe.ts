import { ArgumentMetadata, Injectable, PipeTransform, Type } from '@nestjs/common';
import { ValidationError, validateSync } from 'class-validator';
import { FIELD_CONSTRAINT } from './field-decorators';
import { checkField, getFieldSpec, isBodyOptional, toDtoInstance } from './field-spec';
import { RequestValidationError } from './request-validation.error';
import { hasUnstorableText } from './unstorable-text';
import { LocItem, ValidationIssue, issues, placeIssue } from './validation-issue';

type Where = 'query' | 'path' | 'body';
type Raw = Record<string, unknown>;

const PRIMITIVES: unknown[] = [String, Number, Boolean, Array, Object, BigInt, Symbol];
const isObject = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Global pipe: validates `@Query()`, `@Param()` and `@Body()` DTO classes and fails with
 * FastAPI's 422 `detail` items (RequestValidationError). Unknown query parameters are
 * dropped, never rejected; a repeated scalar query parameter keeps its last value.
 * Single primitive parameters pass through: use ParseIntPathPipe / ParseAddressPathPipe.
 */
@Injectable()
export class FastApiValidationPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    const where = locationOf(metadata);
    const dto = metadata.metatype as Type<object> | undefined;
    if (where && metadata.data && hasUnstorableText(value)) {
      // A single parameter (`@Param('ticker')`) reaches queries without a DTO field's checks.
      throw new RequestValidationError([placeIssue(issues.unstorableText(), [where, metadata.data], value)]);
    }
    if (!where || !dto || PRIMITIVES.includes(dto) || metadata.data) return value;

    let raw = value;
    if (where === 'body') {
      // FastAPI treats a JSON null body like no body.
      if (raw === undefined || raw === null) {
        if (!isBodyOptional(dto)) throw new RequestValidationError([placeIssue(issues.missing(), ['body'], null)]);
        raw = {};
      }
      if (!isObject(raw)) {
        throw new RequestValidationError([placeIssue(issues.modelAttributesType(), ['body'], raw)]);
      }
    } else {
      raw = where === 'query' ? lastValueWins(dto, raw) : { ...(raw as Raw) };
    }

    // Validation strips unknown keys in place, also inside inputs it rejects: errors
    // must report the input as it was sent.
    const sent = structuredClone(raw);
    const instance = toDtoInstance(dto as new () => object, raw as Raw);
    const errors = validateSync(instance, { whitelist: true, forbidUnknownValues: false });
    if (errors.length > 0) throw new RequestValidationError(toIssues(errors, [where], sent, where));
    return instance;
  }
}

function locationOf(metadata: ArgumentMetadata): Where | undefined {
  switch (metadata.type) {
    case 'query':
      return 'query';
    case 'param':
      return 'path';
    case 'body':
      return 'body';
    default:
      return undefined;
  }
}

function lastValueWins(dto: Type<object>, query: unknown): Raw {
  const result: Raw = {};
  if (!isObject(query)) return result;
  for (const [key, value] of Object.entries(query)) {
    const spec = getFieldSpec(dto.prototype, key);
    result[key] = Array.isArray(value) && (!spec || spec.scalar) ? value[value.length - 1] : value;
  }
  return result;
}

const child = (parent: unknown, key: LocItem): unknown => (parent !== null && typeof parent === 'object' ? (parent as Raw)[key] : undefined);

/** Walks class-validator's errors beside the raw input, so each issue reports what was sent. */
function toIssues(errors: ValidationError[], loc: LocItem[], rawParent: unknown, where: Where): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  for (const error of errors) {
    const key: LocItem = Array.isArray(rawParent) ? Number(error.property) : error.property;
    const here = [...loc, key];
    const raw = child(rawParent, key);
    const constraints = Object.keys(error.constraints ?? {});

    if (constraints.includes(FIELD_CONSTRAINT)) {
      out.push(fieldIssue(error, here, raw, rawParent, where));
    } else if (constraints.includes('nestedValidation')) {
      // A list element (or nested value) that is not an object at all.
      out.push(placeIssue(issues.modelAttributesType(), here, raw));
    } else if (constraints.length > 0) {
      // A plain class-validator decorator: pydantic reports custom checks as value_error.
      out.push(placeIssue(issues.valueError(error.constraints?.[constraints[0]] ?? 'invalid value'), here, raw));
    }
    if (constraints.length === 0 && error.children?.length) {
      out.push(...toIssues(error.children, here, raw, where));
    }
  }
  return out;
}

function fieldIssue(error: ValidationError, loc: LocItem[], raw: unknown, rawParent: unknown, where: Where): ValidationIssue {
  const target = error.target as object | undefined;
  const spec = target ? getFieldSpec(Object.getPrototypeOf(target), error.property) : undefined;
  const parsed = spec ? checkField(spec, raw) : undefined;
  const issue = parsed && !parsed.ok ? parsed.issue : issues.valueError(error.constraints?.[FIELD_CONSTRAINT] ?? '');
  // pydantic reports a missing body field with its enclosing object as input; FastAPI's
  // query, path and header parameters report null.
  const input = issue.type === 'missing' ? (where === 'body' ? rawParent : null) : raw;
  if (issue.at?.length) {
    // An element of the field's value: its own loc and input, as pydantic reports a list item.
    const { at, ...placed } = issue;
    return placeIssue(placed, [...loc, ...at], at.reduce<unknown>(child, input));
  }
  return placeIssue(issue, loc, input);
}
