/** The one store: a vanilla zustand store built from the slices. Actions live in ./actions. */
import { createStore } from 'zustand/vanilla';
import { initialBatch, type BatchSlice } from './slices/batch';
import { initialData, type DataSlice } from './slices/data';
import { initialFigure, type FigureSlice } from './slices/figure';
import { initialFit, type FitSlice } from './slices/fit';
import { initialModel, type ModelSlice } from './slices/model';
import { initialParams, type ParamsSlice } from './slices/params';
import { initialSessions, type SessionsSlice } from './slices/sessions';
import { initialSettings, type SettingsSlice } from './slices/settings';
import { initialShare, type ShareSlice } from './slices/share';
import { initialStartSearch, type StartSearchSlice } from './slices/startSearch';
import { initialUncertainty, type UncertaintySlice } from './slices/uncertainty';
import { initialView, type ViewSlice } from './slices/view';

export type AppState = DataSlice & ModelSlice & ParamsSlice & SettingsSlice & FitSlice & ViewSlice & ShareSlice & SessionsSlice & BatchSlice & StartSearchSlice & FigureSlice & UncertaintySlice;

export const initialState: AppState = {
  ...initialData,
  ...initialModel,
  ...initialParams,
  ...initialSettings,
  ...initialFit,
  ...initialView,
  ...initialShare,
  ...initialSessions,
  ...initialBatch,
  ...initialStartSearch,
  ...initialFigure,
  ...initialUncertainty,
};

export const store = createStore<AppState>()(() => initialState);

export const getState = store.getState;
export const setState = store.setState;
