import { ReusedAnswers } from './reused-answers';

describe('ReusedAnswers', () => {
  it('replays an answer for its URL only until it expires, and keeps at most maxEntries', () => {
    let now = 1_000;
    const answers = new ReusedAnswers(50, 2, () => now);
    answers.set('/markets/a', '{"a":1}');
    expect(answers.get('/markets/a')).toBe('{"a":1}');
    expect(answers.get('/markets/a?x=1')).toBeUndefined();
    now += 49;
    expect(answers.get('/markets/a')).toBe('{"a":1}');
    now += 1;
    expect(answers.get('/markets/a')).toBeUndefined();
    answers.set('/a', '1');
    answers.set('/b', '2');
    answers.set('/c', '3');
    expect([answers.get('/a'), answers.get('/b'), answers.get('/c')]).toEqual([undefined, '2', '3']);
  });
});
