import 'reflect-metadata';
import { hasUnstorableText } from './unstorable-text';
import { Parsed, accept, issues, reject } from './validation-issue';

/** How one DTO property is read from the wire; attached by the field decorators. */
export interface FieldSpec<T = unknown> {
  parse(raw: unknown): Parsed<T>;
  required: boolean;
  nullable: boolean;
  default?: T | (() => T);
  /** A scalar in a query string: when the parameter is repeated, the last value wins. */
  scalar: boolean;
}

const FIELD_SPEC = Symbol('perp:http:field-spec');

const FIELD_NAMES = Symbol('perp:http:field-names');

export function setFieldSpec(prototype: object, property: string, spec: FieldSpec): void {
  Reflect.defineMetadata(FIELD_SPEC, spec, prototype, property);
  const own: string[] = Reflect.getOwnMetadata(FIELD_NAMES, prototype) ?? [];
  Reflect.defineMetadata(FIELD_NAMES, [...own, property], prototype);
}

/** The decorated properties of a DTO class, its bases' included. */
export function getFieldNames(dto: { prototype: object }): string[] {
  const names = new Set<string>();
  for (let proto: object | null = dto.prototype; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const name of (Reflect.getOwnMetadata(FIELD_NAMES, proto) as string[] | undefined) ?? []) names.add(name);
  }
  return [...names];
}

/** Looks the spec up through the prototype chain, so DTOs inherit their base's fields. */
export function getFieldSpec(prototype: object, property: string): FieldSpec | undefined {
  return Reflect.getMetadata(FIELD_SPEC, prototype, property) as FieldSpec | undefined;
}

/**
 * A DTO instance from raw input: each decorated field converted by its spec (an input that
 * fails stays as it came, for the validator to report); every other key dropped. Linear in
 * the declared fields: class-transformer's plainToInstance would first walk every key of
 * the input and of each nested object, de-duplicating keys in quadratic time (a body of 95k
 * unknown keys took seconds).
 */
export function toDtoInstance<T extends object>(dto: new () => T, raw: Record<string, unknown>): T {
  const instance = new dto() as Record<string, unknown>;
  for (const name of getFieldNames(dto)) {
    const spec = getFieldSpec(dto.prototype, name);
    if (!spec) continue;
    const value = Object.prototype.hasOwnProperty.call(raw, name) ? raw[name] : undefined;
    const parsed = checkField(spec, value);
    instance[name] = parsed.ok ? parsed.value : value;
  }
  return instance as T;
}

const defaultOf = <T>(spec: FieldSpec<T>): T | undefined => (typeof spec.default === 'function' ? (spec.default as () => T)() : spec.default);

/** The whole rule of a field: absence, null, then the kind's own parser. */
export function checkField<T>(spec: FieldSpec<T>, raw: unknown): Parsed<T | null | undefined> {
  if (raw === undefined) return spec.required ? reject(issues.missing()) : accept(defaultOf(spec));
  if (raw === null && spec.nullable) return accept(null);
  if (hasUnstorableText(raw)) return reject(issues.unstorableText());
  return spec.parse(raw);
}

const OPTIONAL_BODY = Symbol('perp:http:optional-body');

/** Marks a body DTO whose request may omit the body entirely (it then validates as `{}`). */
export function OptionalBody(): ClassDecorator {
  return (target) => Reflect.defineMetadata(OPTIONAL_BODY, true, target);
}

export const isBodyOptional = (dto: object): boolean => Reflect.getMetadata(OPTIONAL_BODY, dto) === true;
