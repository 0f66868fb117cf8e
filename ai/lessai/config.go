package lessai

import "gameai/ai/mcts"

// Config is the MCTS setting of the Less engines: RAVE, transpositions,
// first-play urgency below 1 so that poor untried moves wait, expansion
// stopped 24 moves deep, playouts cut off after 40 moves (some 16 turns).
var Config = mcts.Config{C: 0.4, RAVE: true, RaveK: 300, FPU: 0.55, Transpositions: true, MaxDepth: 24, PlayoutLimit: 40, MaxNodes: 1 << 20}
