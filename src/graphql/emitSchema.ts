import fs from 'node:fs';
import { schemaSdl } from './schema';

// `npm run schema`: writes the SDL that is checked in as schema/schema.graphql.
const out = process.argv[2];
if (out) fs.writeFileSync(out, schemaSdl());
else process.stdout.write(schemaSdl());
