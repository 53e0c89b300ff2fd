// Runs s3rver in its own Node process for the tests' local S3 server (local-s3.ts). s3rver makes
// ListObjectsV2 continuation tokens with DES, which Node 17+ offers only under
// --openssl-legacy-provider: a flag the test process itself should not need.
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: process.env.S3RVER_LOG !== '1', directory, configureBuckets: [{ name: bucket }] });
server.on('event', (event) => {
  for (const record of event.Records) process.send({ type: 'event', text: `${record.eventName} ${record.s3.object.key}` });
});
// Port 0: the system picks a free port, with no window for another process to take it.
const { port } = await server.run();
process.send({ type: 'ready', port });
process.on('message', async (message) => {
  if (message === 'stop') {
    await server.close();
    process.disconnect();
  }
});
// The test process went away (or asked us to stop): never outlive it.
process.on('disconnect', () => process.exit(0));
