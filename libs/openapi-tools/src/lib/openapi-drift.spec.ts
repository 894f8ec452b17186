import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeDrift } from './describe-drift';
import { openApiDrift } from './openapi-drift';
import { stableJson } from './stable-json';
import { withoutNetwork } from './without-network';

interface Document {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, { summary?: string; tags?: string[] }>>;
  components: { schemas: Record<string, { type: string; properties: Record<string, { type: string }> }> };
}

const DOCUMENT: Document = {
  openapi: '3.0.0',
  info: { title: 't', version: '1' },
  paths: { '/a': { get: { summary: 'a', tags: ['x', 'b'] } }, '/b': { post: { summary: 'b' } } },
  components: { schemas: { A: { type: 'object', properties: { id: { type: 'string' } } } } },
};

describe('OpenAPI export helpers', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'openapi-drift-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };

  it('writes sorted keys at every level and keeps array order', () => {
    expect(stableJson({ b: 1, a: { d: [3, 1], c: null } })).toBe('{\n  "a": {\n    "c": null,\n    "d": [\n      3,\n      1\n    ]\n  },\n  "b": 1\n}\n');
  });

  it('names each added, removed and changed operation and schema', () => {
    const generated = structuredClone(DOCUMENT);
    delete generated.paths['/b'];
    generated.paths['/c'] = { delete: {} };
    generated.paths['/a']['get'].summary = 'changed';
    generated.components.schemas['A'].properties['id'].type = 'integer';
    generated.info.version = '2';
    expect(describeDrift(DOCUMENT, generated)).toEqual([
      '  operation: ~ GET /a (summary)',
      '  operation: + DELETE /c (in the code, not in the file)',
      '  operation: - POST /b (in the file, no longer in the code)',
      '  schema: ~ A (properties.id)',
      '  info differs',
    ]);
    expect(describeDrift(DOCUMENT, structuredClone(DOCUMENT))).toEqual([]);
  });

  it('says why a committed file is not the generated document, or nothing when it is', () => {
    expect(openApiDrift(file('same.json', stableJson(DOCUMENT)), DOCUMENT)).toBeUndefined();
    expect(openApiDrift(join(dir, 'absent.json'), DOCUMENT)).toBe('missing');
    expect(openApiDrift(file('broken.json', '{'), DOCUMENT)).toBe('differs from the code\n  the file is not valid JSON');
    expect(openApiDrift(file('unsorted.json', JSON.stringify(DOCUMENT)), DOCUMENT)).toBe('differs from the code\n  same document, formatted differently');
  });

  it('fails an export that opens a connection, and restores the network after it', async () => {
    const work = () =>
      new Promise<string>((resolve) => {
        const socket = connect({ host: '127.0.0.1', port: 9 });
        socket.on('error', () => resolve('refused'));
      });
    await expect(withoutNetwork(work)).rejects.toThrow('Building the OpenAPI document opened connections ({"host":"127.0.0.1","port":9})');
    await expect(withoutNetwork(async () => 'quiet')).resolves.toBe('quiet');
  });
});
