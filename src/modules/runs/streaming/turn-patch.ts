export * from '../../../../client/src/turn-patch.ts';
