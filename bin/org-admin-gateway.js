#!/usr/bin/env node
'use strict';
require('../dist/src/main.js').main(process.argv.slice(2));
