/** The /blogs page: five questions and answers (the specification's five topics). */
export interface BlogPost {
  id: string;
  topic: string;
  question: string;
  answer: string[];
  points?: string[];
  code?: string;
  after?: string[];
}

export const blogPosts: BlogPost[] = [
  {
    id: 'react-performance',
    topic: 'React performance',
    question: 'How will you improve the performance of a React application?',
    answer: [
      'Measure before changing anything: the React DevTools Profiler shows which components render too often or too slowly, the browser’s performance panel shows long tasks, and a bundle analyser shows what the first page downloads. Then fix the biggest cost first:',
    ],
    points: [
      'Ship less JavaScript: split pages with React.lazy and dynamic import(), load heavy widgets only when they are needed, and choose small libraries.',
      'Render less: keep state close to where it is used, and wrap expensive children in React.memo (with useMemo and useCallback for their props) where the profiler shows a gain. The React Compiler can add this memoisation for you.',
      'Give list items stable keys, and virtualise long lists so only the visible rows are in the DOM.',
      'Fetch data through a cache such as TanStack Query, so screens do not download the same data again, and never update state in an effect that triggers itself.',
      'Keep typing and clicking responsive during heavy updates with useTransition or useDeferredValue.',
      'Serve sized, compressed, lazily loaded images, and cache hashed files for a long time.',
    ],
  },
  {
    id: 'state-management',
    topic: 'State management',
    question: 'What are the different ways to manage a state in a React application?',
    answer: ['Pick the simplest tool that fits where the data lives and who needs it:'],
    points: [
      'Local state with useState, or useReducer when the updates follow rules. Most state should live here.',
      'Lifted state: when siblings share a value, move it to their closest common parent and pass it down as props.',
      'Context (often with useReducer) for values that many components read and that change rarely, such as the signed-in user or the theme. Every consumer re-renders when the value changes.',
      'Server state, the data that really lives on the server (products, orders), is best kept in a query library such as TanStack Query, SWR or RTK Query, which caches, refetches and retries for you.',
      'A global store such as Redux Toolkit, Zustand, Jotai or MobX, for large apps where many distant components update the same client data.',
      'URL state (route parameters and the query string) for filters, page numbers and tabs, so a link can be shared and survives a reload.',
      'Form state in a form library such as React Hook Form, which tracks values, validation and errors without re-rendering the whole form on every key press.',
    ],
  },
  {
    id: 'prototypal-inheritance',
    topic: 'Prototypal inheritance',
    question: 'How does prototypical inheritance work?',
    answer: [
      'Every JavaScript object has a hidden link, [[Prototype]], to another object (or to null). When you read a property the object does not have itself, JavaScript looks for it on the prototype, then on the prototype’s prototype, and so on up the chain until it finds it or reaches null and answers undefined. Writing a property always puts it on the object itself, where it hides the one further up.',
      'That is how methods are shared: every array finds map on Array.prototype. Object.create(proto) makes an object with the prototype you give it; a function called with new gives the new object Function.prototype as its prototype; and class is the same mechanism with tidier syntax, where extends links the child’s prototype to the parent’s.',
    ],
    code: `const tool = {
  describe() {
    return \`\${this.name} costs $\${this.price}\`;
  },
};
const drill = Object.create(tool);
drill.name = 'Drill';
drill.price = 48.5;

drill.describe();                       // 'Drill costs $48.5', found on tool
Object.getPrototypeOf(drill) === tool;  // true
Object.hasOwn(drill, 'describe');       // false: inherited, not copied`,
  },
  {
    id: 'why-not-set-state-directly',
    topic: 'Why not set state directly',
    question:
      'Why do you not set the state directly in React? If you have const [products, setProducts] = useState([]), why do you not write products = [...] and use setProducts instead?',
    answer: [
      'products is only a snapshot: a local constant holding the state for the current render. Assigning to it (an error with const) or changing it in place with products.push(...) only changes that local value. React is not told about it, so nothing re-renders, the screen keeps showing the old list, and on the next render React hands back the value it stored, so the change is lost.',
      'setProducts tells React to store the new value and schedule a new render of the component and its children with it. React decides whether anything changed by comparing references (Object.is), so always pass a new array or object instead of mutating the old one; a mutated array is the same reference and the update can be skipped.',
    ],
    code: `// Wrong: mutates the snapshot; React does not re-render
products.push(newProduct);

// Right: a new array, handed to React
setProducts([...products, newProduct]);

// When the new state depends on the old, use the updater form
setProducts((current) => current.filter((p) => p.id !== removedId));`,
    after: [
      'The updater form matters because updates are batched: several calls in one event all see the same snapshot, but each updater receives the latest value.',
    ],
  },
  {
    id: 'search-products-by-name',
    topic: 'Searching products by name',
    question:
      'You have an array of products. Each product has a name, price, description and so on. How will you implement a search to find products by name?',
    answer: [
      'Keep only the search text in state and derive the matching products from it while rendering: filter the array with a case-insensitive includes. There is no need to store the results in state of their own.',
    ],
    code: `function searchByName(products, query) {
  const q = query.trim().toLowerCase();
  if (!q) return products;
  return products.filter((p) => p.name.toLowerCase().includes(q));
}

// In a component
const [query, setQuery] = useState('');
const results = useMemo(() => searchByName(products, query), [products, query]);`,
    after: [
      'Use find instead of filter when you need the first match only. For long lists, keep typing smooth with useDeferredValue or a short debounce. For a large catalog, search on the server (an index on the name column, or full-text search) and send back only the matches.',
    ],
  },
];
