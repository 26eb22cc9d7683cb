// Types of server-runtime.mjs (plain JavaScript, so that scripts/start.mjs runs it without a TypeScript loader).
export declare const SERVER_NODE_FLAGS: readonly string[];
export declare function serverEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
