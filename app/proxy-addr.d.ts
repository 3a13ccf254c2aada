// proxy-addr (Express's own dependency for `trust proxy`) ships no types, and only its compile()
// is used (app/env.server.ts).
declare module "proxy-addr" {
  const proxyAddr: {
    /** Throws a TypeError naming the first bad address or range. */
    compile(addresses: string[]): (address: string | undefined, hop: number) => boolean;
  };
  export default proxyAddr;
}
