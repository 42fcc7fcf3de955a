// kafkajs schedules a timer with a negative delay when it is not throttled; Node 24 warns about it on every request.
// That one warning is noise; every other warning still reaches stderr.
if (!process.env.AKHADA_KEEP_ALL_WARNINGS) {
  const emitWarning = process.emitWarning.bind(process);
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const first = rest[0];
    const type = typeof first === 'string' ? first : (first as { type?: string } | undefined)?.type;
    if (type === 'TimeoutNegativeWarning' || (warning as Error)?.name === 'TimeoutNegativeWarning') return;
    (emitWarning as (...a: unknown[]) => void)(warning, ...rest);
  }) as typeof process.emitWarning;
}
