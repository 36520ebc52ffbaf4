// The page reader's worker thread (see page-reader.ts): bundled beside the server's
// index.js as page-reader.worker.js, run through tsx from source.
import { answerTasks } from '../../../lib/worker-pool';
import { readPage } from './page-reading';

answerTasks(readPage);
