import 'reflect-metadata';
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

export function setFieldSpec(prototype: object, property: string, spec: FieldSpec): void {
  Reflect.defineMetadata(FIELD_SPEC, spec, prototype, property);
}

/** Looks the spec up through the prototype chain, so DTOs inherit their base's fields. */
export function getFieldSpec(prototype: object, property: string): FieldSpec | undefined {
  return Reflect.getMetadata(FIELD_SPEC, prototype, property) as FieldSpec | undefined;
}

const defaultOf = <T>(spec: FieldSpec<T>): T | undefined => (typeof spec.default === 'function' ? (spec.default as () => T)() : spec.default);

/** The whole rule of a field: absence, null, then the kind's own parser. */
export function checkField<T>(spec: FieldSpec<T>, raw: unknown): Parsed<T | null | undefined> {
  if (raw === undefined) return spec.required ? reject(issues.missing()) : accept(defaultOf(spec));
  if (raw === null && spec.nullable) return accept(null);
  return spec.parse(raw);
}

const OPTIONAL_BODY = Symbol('perp:http:optional-body');

/** Marks a body DTO whose request may omit the body entirely (it then validates as `{}`). */
export function OptionalBody(): ClassDecorator {
  return (target) => Reflect.defineMetadata(OPTIONAL_BODY, true, target);
}

export const isBodyOptional = (dto: object): boolean => Reflect.getMetadata(OPTIONAL_BODY, dto) === true;
