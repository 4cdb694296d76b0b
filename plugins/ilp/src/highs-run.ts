/** What a solve is asked: the model, and the limits HiGHS should stop at. */
export interface HighsRequest {
  readonly lp: string;
  /** Seconds; Infinity for none. */
  readonly timeLimit: number;
  /** Branch-and-bound nodes; Infinity for none. */
  readonly maxNodes: number;
}

export interface HighsAnswer {
  readonly status: 'optimal' | 'infeasible' | 'time-limit' | 'node-limit' | 'interrupted' | 'error';
  readonly message?: string;
  /** The incumbent's column values, when there is one. */
  readonly columns?: number[];
  readonly objective?: number;
  readonly bound?: number;
  readonly gap?: number;
  readonly nodes: number;
}

/** A progress report from inside the solve: the incumbent's value, the bound and the nodes so far. */
export interface HighsProgress {
  readonly primal?: number;
  readonly dual?: number;
  readonly nodes?: number;
}

/**
 * Solves one model with a loaded HiGHS runtime. Self-contained on purpose (no imports, no outside names): the
 * worker thread gets this very function as source text, so the thread and the page run the same code.
 */
export function runHighs(highs: any, request: HighsRequest, progress: (p: HighsProgress) => void, shouldStop: () => boolean): HighsAnswer {
  const model = highs.createModel({ format: 'lp', data: request.lp });
  try {
    model.options.set('output_flag', false);
    model.options.set('mip_rel_gap', 0);
    if (Number.isFinite(request.timeLimit)) model.options.set('time_limit', Math.max(0.001, request.timeLimit));
    if (Number.isFinite(request.maxNodes)) model.options.set('mip_max_nodes', Math.max(1, Math.floor(request.maxNodes)));
    const types = highs.constants.callbackType;
    const run = model.run({
      [types.mipLogging]: (event: any) => {
        progress({ primal: event.data.mip_primal_bound, dual: event.data.mip_dual_bound, nodes: Number(event.data.mip_node_count ?? 0) });
      },
      [types.mipInterrupt]: (event: any) => {
        if (shouldStop()) event.interrupt();
      },
    });
    const codes = highs.constants.modelStatus;
    const code = run.modelStatus;
    const info = (name: string) => {
      try {
        const v = model.info.get(name);
        return typeof v === 'bigint' ? Number(v) : v;
      } catch {
        return undefined;
      }
    };
    const status =
      code === codes.optimal ? 'optimal'
      : code === codes.infeasible ? 'infeasible'
      : code === codes.timeLimit ? 'time-limit'
      : code === codes.interrupted ? 'interrupted'
      : code === codes.solutionLimit || code === codes.iterationLimit || code === codes.objectiveBound ? 'node-limit'
      : 'error';
    let columns: number[] | undefined;
    try {
      const solution = model.getSolution();
      if (solution && solution.colValue && info('primal_solution_status') === 2) columns = Array.from(solution.colValue);
    } catch {
      columns = undefined;
    }
    return {
      status,
      ...(status === 'error' ? { message: `HiGHS stopped with model status ${code}` } : {}),
      ...(columns ? { columns } : {}),
      objective: info('mip_primal_bound') ?? info('objective_function_value'),
      bound: info('mip_dual_bound'),
      gap: info('mip_gap'),
      nodes: info('mip_node_count') ?? 0,
    };
  } catch (error) {
    // A HighsError's default printing dumps the whole minified bundle: keep only its message.
    return { status: 'error', message: String((error as Error)?.message ?? error).split('\n')[0], nodes: 0 };
  } finally {
    model.dispose();
  }
}
