// tests/cli/ratings-openskill.js: the ratings of tests/cli/ratings.sh's
// results computed by an independent implementation, the openskill
// package (npm), with the settings SPEC.md "Ratings" names: its default
// model (Plackett-Luce) and constants (mu 25, sigma 25/3, beta 25/6,
// kappa 0.0001), tau 25/300 given (rate() adds it only when asked),
// sigma's growth not limited (limitSigma and preventSigmaIncrease off,
// their defaults).  Players are one whatever the case of their names.
//
//     node ratings-openskill.js OPENSKILL_DIR RESULTS
//
// prints {"name (lowercase)": [mu, sigma], ...}.
'use strict';
const fs = require('fs');
const { rate, rating } = require(process.argv[2]);
const results = JSON.parse(fs.readFileSync(process.argv[3], 'utf8'));
const players = {};

for (const g of results) {
	const keys = g.players.map((p) => p.toLowerCase());
	const teams = keys.map((k) => [players[k] || rating()]);
	// Equal scores share a rank (1, 1, 3): a tie.
	const rank = g.scores.map((s) => 1 + g.scores.filter((t) => t > s).length);
	const after = rate(teams, { rank, tau: 25 / 300, limitSigma: false,
	    preventSigmaIncrease: false });
	keys.forEach((k, i) => { players[k] = after[i][0]; });
}
const out = {};
for (const k of Object.keys(players))
	out[k] = [players[k].mu, players[k].sigma];
process.stdout.write(JSON.stringify(out) + '\n');
