import { escapeLike, marketsCountSql, marketsPageSql } from './markets-list-sql';

describe('markets list SQL', () => {
  it('escapes LIKE wildcards and the escape character', () => {
    expect(escapeLike('100%_a\\b')).toBe('100\\%\\_a\\\\b');
  });

  it('spells the open-interest key as the index expression, in perps -> atoms', () => {
    const { sql, params } = marketsPageSql({
      limit: 10,
      offset: 20,
      sort: 'open_interest',
      order: 'asc',
      min_open_interest: '1.5',
      max_open_interest: '0.0000001',
    });
    expect(sql).toContain('ORDER BY (open_interest_long + open_interest_short) ASC NULLS LAST, perp_address ASC LIMIT $3 OFFSET $4');
    expect(sql).toContain('(open_interest_long + open_interest_short) >= $1::numeric');
    expect(params).toEqual(['1500000', '0.1', 10, 20]);
    expect(marketsCountSql({ limit: 10, offset: 0, sort: 'created', order: 'desc' }).sql).toBe('SELECT count(*) AS total FROM markets ');
  });
});
