/**
 * The app files an ECDSA update's own path reads (issue 23, "Done when": at most 8): the files
 * holding a function on a call chain from the controller method of
 * `POST /update_beacon_with_ecdsa_adapter` to the SQL that journals the send (PoolStore.journal
 * and what it calls down to the driver), controller -> service -> pool -> store. Found by following
 * the calls with the type checker, not the imports, along the chains that pass the route's own
 * service method (EcdsaUpdateService.update; the touch of a confirmed update journals a send of
 * its own and is not counted): a call inside a closure counts as a call of
 * the function that holds the closure; calls into libs and through function-typed values (a
 * callback handed over) are not followed. `entered` also lists every file a function reachable
 * from the controller method lives in (the checks before the send, the receipt wait after it).
 *
 * Run: `npx ts-node -P tools/tsconfig.spec.json tools/workspace/ecdsa-path-files.ts` (prints both lists).
 */
import * as path from 'node:path';
import * as ts from 'typescript';

const ROOT = path.resolve(__dirname, '../..');
const APP_SRC = path.join(ROOT, 'apps/beacon-ops/src') + path.sep;

/** A function of the graph: a declaration with a body, named by its file and position. */
type FunctionNode = ts.FunctionLikeDeclaration & { body: ts.Node };

export interface EcdsaPath {
  /** Files on a call chain from the controller method to the journal SQL (relative to the repo). */
  path: string[];
  /** Files of every function reachable from the controller method. */
  entered: string[];
}

export interface PathEnds {
  /** The route whose controller method starts the path, as its @OperationRoute names it. */
  route: string;
  /** The class and method that run the journal SQL. */
  target: MethodName;
  /**
   * The route's own service method every counted chain passes: what the controller calls after the
   * answer is known (the touch of a confirmed update sends a transaction of its own) is not on the way.
   */
  through?: MethodName;
}

export interface MethodName {
  className: string;
  method: string;
}

export const ECDSA_UPDATE: PathEnds = {
  route: 'update_beacon_with_ecdsa_adapter',
  target: { className: 'PoolStore', method: 'journal' },
  through: { className: 'EcdsaUpdateService', method: 'update' },
};

export function loadProgram(): ts.Program {
  const configPath = path.join(ROOT, 'apps/beacon-ops/tsconfig.app.json');
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, path.dirname(configPath));
  return ts.createProgram(parsed.fileNames, { ...parsed.options, noEmit: true });
}

const inApp = (node: ts.Node): boolean => {
  const file = path.resolve(node.getSourceFile().fileName);
  return file.startsWith(APP_SRC) && !file.endsWith('.spec.ts');
};

/** The functions with a body in the app that `fn`'s code (closures included) calls or constructs. */
function callees(checker: ts.TypeChecker, fn: FunctionNode): Set<FunctionNode> {
  const found = new Set<FunctionNode>();
  const add = (declaration: ts.Declaration | undefined) => {
    if (!declaration || !inApp(declaration)) return;
    const target = ts.isClassDeclaration(declaration)
      ? (declaration.members.find((member) => ts.isConstructorDeclaration(member) && member.body) as FunctionNode | undefined)
      : ts.isVariableDeclaration(declaration) &&
          declaration.initializer &&
          (ts.isArrowFunction(declaration.initializer) || ts.isFunctionExpression(declaration.initializer))
        ? (declaration.initializer as FunctionNode)
        : ts.isFunctionLike(declaration) && (declaration as ts.FunctionLikeDeclaration).body
          ? (declaration as FunctionNode)
          : undefined;
    if (target) found.add(target);
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const signature = checker.getResolvedSignature(node);
      const declaration = signature?.getDeclaration();
      if (declaration) add(declaration);
      else {
        let symbol = checker.getSymbolAtLocation(node.expression);
        if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
        symbol?.declarations?.forEach(add);
      }
    }
    // Getters run on a property read.
    if (ts.isPropertyAccessExpression(node)) {
      const symbol = checker.getSymbolAtLocation(node.name);
      symbol?.declarations?.filter(ts.isGetAccessor).forEach(add);
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(fn.body, visit);
  found.delete(fn);
  return found;
}

function controllerMethod(program: ts.Program, route: string): FunctionNode {
  for (const file of program.getSourceFiles()) {
    if (!inApp(file) || !file.fileName.endsWith('.controller.ts')) continue;
    let match: FunctionNode | undefined;
    const visit = (node: ts.Node) => {
      if (ts.isMethodDeclaration(node) && node.body) {
        const named = ts.getDecorators(node)?.some((decorator) => {
          const call = decorator.expression;
          return ts.isCallExpression(call) && call.arguments[0] && ts.isStringLiteral(call.arguments[0]) && call.arguments[0].text === route;
        });
        if (named) match = node as FunctionNode;
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
    if (match) return match;
  }
  throw new Error(`no controller method is decorated with the route ${route}`);
}

function methodOf(program: ts.Program, target: MethodName): FunctionNode {
  for (const file of program.getSourceFiles()) {
    if (!inApp(file)) continue;
    for (const statement of file.statements) {
      if (ts.isClassDeclaration(statement) && statement.name?.text === target.className) {
        const method = statement.members.find(
          (member) => ts.isMethodDeclaration(member) && member.body && ts.isIdentifier(member.name) && member.name.text === target.method,
        );
        if (method) return method as FunctionNode;
      }
    }
  }
  throw new Error(`no method ${target.className}.${target.method} in the app`);
}

const relative = (fn: ts.Node) => path.relative(ROOT, fn.getSourceFile().fileName);

export function ecdsaPathFiles(ends: PathEnds = ECDSA_UPDATE, program: ts.Program = loadProgram()): EcdsaPath {
  const checker = program.getTypeChecker();
  const entry = controllerMethod(program, ends.route);
  const target = methodOf(program, ends.target);
  const through = ends.through && methodOf(program, ends.through);
  // Every function reachable from the controller method, with its callees.
  const edges = new Map<FunctionNode, Set<FunctionNode>>();
  const queue: FunctionNode[] = [entry];
  while (queue.length > 0) {
    const fn = queue.shift() as FunctionNode;
    if (edges.has(fn)) continue;
    const next = callees(checker, fn);
    edges.set(fn, next);
    next.forEach((callee) => queue.push(callee));
  }
  if (!edges.has(target)) throw new Error(`${ends.target.className}.${ends.target.method} is not reached from the ${ends.route} controller method`);
  // On the way: reaches the target (or is reached from it: the statement runs down to the driver).
  const reachesTarget = new Set<FunctionNode>([target]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [fn, next] of edges) {
      if (!reachesTarget.has(fn) && [...next].some((callee) => reachesTarget.has(callee))) {
        reachesTarget.add(fn);
        grew = true;
      }
    }
  }
  // Through the route's service: the chains that reach it, and those that run on from it.
  let onTheWay = reachesTarget;
  if (through) {
    if (!reachesTarget.has(through))
      throw new Error(`${ends.target.className}.${ends.target.method} is not reached through ${ends.through?.className}.${ends.through?.method}`);
    const fromThrough = reachable(edges, through);
    onTheWay = new Set([...reachesTarget].filter((fn) => fromThrough.has(fn) || reachable(edges, fn).has(through)));
  }
  const belowTarget = reachable(edges, target);
  const files = (fns: Iterable<FunctionNode>) => [...new Set([...fns].map(relative))].sort();
  return { path: files([...onTheWay, ...belowTarget]), entered: files(edges.keys()) };
}

/** Every function `from` reaches in `edges`, itself included. */
function reachable(edges: Map<FunctionNode, Set<FunctionNode>>, from: FunctionNode): Set<FunctionNode> {
  const seen = new Set<FunctionNode>();
  const down: FunctionNode[] = [from];
  while (down.length > 0) {
    const fn = down.shift() as FunctionNode;
    if (seen.has(fn)) continue;
    seen.add(fn);
    edges.get(fn)?.forEach((callee) => down.push(callee));
  }
  return seen;
}

if (require.main === module) {
  const { path: onPath, entered } = ecdsaPathFiles();
  console.log(`ECDSA update, controller -> journal SQL: ${onPath.length} app files`);
  onPath.forEach((file) => console.log(`  ${file}`));
  console.log(`every function reachable from the controller method: ${entered.length} app files`);
  entered.forEach((file) => console.log(`  ${file}`));
}
