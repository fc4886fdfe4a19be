import { build } from '../lib/runtime/build';

build();
