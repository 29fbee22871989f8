// The example of README's "JavaScript API": two boards on one page.
import { mount } from './cheversi.js';

const result = document.getElementById('result');
window.boards = [
  mount(document.getElementById('first'), {
    game: 'cheversi', rules: 'brainking', moves: ['Kd4', 'Qe5', 'Qd5', 'Re4'], overlay: 'white', size: 320,
    title: 'BrainKing diagram',
  }),
  mount(document.getElementById('second'), {
    game: 'attrition', variant: 'duel', moves: ['Nd4', 'Nb5'], interactive: true, size: 320,
    title: 'Duel to play',
    onGameOver: (game) => { result.textContent = `Game over: ${game.players[game.winner] ?? 'draw'} (${game.moves.join(' ')})`; },
  }),
];
