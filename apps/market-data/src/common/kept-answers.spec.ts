import Fastify from 'fastify';
import { etagOfJson } from './etag';
import { installKeptAnswers, keptAnswer, keptEtag } from './kept-answers';

describe('kept answers', () => {
  it('replays a 200 answer by its URL while it is current, and runs the route again once it is not', async () => {
    const app = Fastify();
    installKeptAnswers(app);
    let current = true;
    let handled = 0;
    app.get('/page', async (request) => {
      handled += 1;
      return keptAnswer(JSON.stringify({ n: handled, q: request.query }), () => current);
    });
    app.get('/plain', async () => {
      handled += 1;
      return keptAnswer('{}');
    });
    app.get('/fails', async (_request, reply) => {
      handled += 1;
      return reply.code(422).send(keptAnswer('{"detail":[]}', () => true));
    });
    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url });
      return { status: res.statusCode, body: res.body, type: res.headers['content-type'] };
    };

    expect(await get('/page?a=1')).toEqual({ status: 200, body: '{"n":1,"q":{"a":"1"}}', type: 'application/octet-stream' });
    // The same URL: replayed, as JSON; another URL runs the route.
    expect(await get('/page?a=1')).toEqual({ status: 200, body: '{"n":1,"q":{"a":"1"}}', type: 'application/json; charset=utf-8' });
    expect((await get('/page?a=2')).body).toBe('{"n":2,"q":{"a":"2"}}');
    current = false;
    expect((await get('/page?a=1')).body).toBe('{"n":3,"q":{"a":"1"}}');
    expect(handled).toBe(3);
    // Answers kept without a currentness and errors are never replayed.
    await get('/plain');
    await get('/plain');
    await get('/fails');
    await get('/fails');
    expect(handled).toBe(7);
    await app.close();
  });

  it('carries the ETag of its exact text, hashed once; other bodies carry none', () => {
    const text = '{"price":"1.5","name":"é"}';
    const kept = keptAnswer(text);
    expect(kept.toString('utf8')).toBe(text);
    expect(keptEtag(kept)).toBe(etagOfJson(text));
    expect(keptEtag(Buffer.from(text))).toBeUndefined();
    expect(keptEtag(text)).toBeUndefined();
  });
});
