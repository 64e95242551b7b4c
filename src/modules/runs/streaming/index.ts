export { envelopeOf } from './events-writer.ts';
export { type RunStreamRoutesDeps, registerRunStreamRoutes } from './routes.ts';
export { buildTurnDocument } from './turn-document.ts';
export * from './turn-patch.ts';
export { applyEvent, initialTurnState, type Reduction, type TurnState } from './turn-reducer.ts';
export * from './types.ts';
