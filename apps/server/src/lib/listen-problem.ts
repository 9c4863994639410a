/** What to tell the person starting the store when its port cannot be had (a stack trace says less). */
export function listenProblem(error: unknown, port: number): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE') {
    const other = port < 65_535 ? port + 1 : port - 1;
    return `Port ${port} is already in use (another Toolsify, or another program). Stop it, or start this one on another port: PORT=${other} npm start`;
  }
  if (code === 'EACCES') return `Port ${port} needs more rights than this user has. Start on a port above 1023: PORT=3000 npm start`;
  return undefined;
}
