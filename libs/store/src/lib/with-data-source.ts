import { DataSource, DataSourceOptions } from 'typeorm';

/** Runs `work` on a data source of its own, always destroyed after: a one-shot command leaves no pool open. */
export async function withDataSource<T>(options: DataSourceOptions, work: (source: DataSource) => Promise<T>): Promise<T> {
  const source = new DataSource(options);
  await source.initialize();
  try {
    return await work(source);
  } finally {
    await source.destroy();
  }
}
