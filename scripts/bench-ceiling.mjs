// The bench's ceiling (scripts/bench/main.ts): the least a Fastify server can do per request on
// this machine, in a process of its own like the real server. One route, a small constant JSON
// answer, no logging; 127.0.0.1 only. PORT chooses the port (0: any free one).
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/ceiling', async () => ({ code: 'SUCCESS', data: { ok: true } }));

const stop = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
console.log(`ceiling listening on ${JSON.stringify(app.server.address())}`);
