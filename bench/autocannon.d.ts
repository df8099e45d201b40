declare module 'autocannon' {
  function autocannon(options: Record<string, unknown>): Promise<any>;
  export = autocannon;
}
