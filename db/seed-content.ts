/**
 * The demo question bank and quizzes: plain data, kept apart from the seeding logic.
 * Questions are referred to by their index in DEMO_QUESTIONS.
 */
export interface DemoQuestion {
  category: "Mathematics" | "Science";
  course: "Algebra" | "Geometry" | "Physics";
  text: string;
  optionType: "radio" | "checkbox";
  /** [text, isCorrect] in display order. */
  options: [string, boolean][];
  explanation: string;
}

export const DEMO_CATEGORIES = {
  Mathematics: ["Algebra", "Geometry"],
  Science: ["Physics"],
} as const;

export const DEMO_QUESTIONS: DemoQuestion[] = [
  {
    category: "Mathematics",
    course: "Algebra",
    text: "Solve for x: 2x + 6 = 14",
    optionType: "radio",
    options: [["3", false], ["4", true], ["5", false], ["10", false]],
    explanation: "<p>Subtract 6 from both sides: 2x = 8, then divide by 2: <strong>x = 4</strong>.</p>",
  },
  {
    category: "Mathematics",
    course: "Algebra",
    text: "What is the value of (x + 3)² when x = 2?",
    optionType: "radio",
    options: [["10", false], ["13", false], ["25", true], ["36", false]],
    explanation: "<p>(2 + 3)² = 5² = <strong>25</strong>. Squaring the sum is not the sum of squares.</p>",
  },
  {
    category: "Mathematics",
    course: "Algebra",
    text: "Which of these are solutions of x² − 5x + 6 = 0?",
    optionType: "checkbox",
    options: [["x = 1", false], ["x = 2", true], ["x = 3", true], ["x = 6", false]],
    explanation: "<p>x² − 5x + 6 = (x − 2)(x − 3), so the roots are <strong>2 and 3</strong>.</p>",
  },
  {
    category: "Mathematics",
    course: "Algebra",
    text: "Simplify 3(a + 4) − 2a",
    optionType: "radio",
    options: [["a + 12", true], ["5a + 12", false], ["a + 4", false], ["3a + 10", false]],
    explanation: "<p>3(a + 4) = 3a + 12; subtracting 2a leaves <strong>a + 12</strong>.</p>",
  },
  {
    category: "Mathematics",
    course: "Geometry",
    text: "What is the sum of the interior angles of a triangle?",
    optionType: "radio",
    options: [["90°", false], ["180°", true], ["270°", false], ["360°", false]],
    explanation: "<p>The interior angles of any triangle in a plane add up to <strong>180°</strong>.</p>",
  },
  {
    category: "Mathematics",
    course: "Geometry",
    text: "Which of these quadrilaterals always have four right angles?",
    optionType: "checkbox",
    options: [["Rectangle", true], ["Square", true], ["Rhombus", false], ["Trapezium", false]],
    explanation: "<p>Rectangles, and therefore squares, have four right angles; a rhombus or a trapezium need not.</p>",
  },
  {
    category: "Science",
    course: "Physics",
    text: "What is the SI unit of force?",
    optionType: "radio",
    options: [["Joule", false], ["Newton", true], ["Watt", false], ["Pascal", false]],
    explanation: "<p>Force is measured in <strong>newtons</strong> (1 N = 1 kg·m/s²).</p>",
  },
  {
    category: "Science",
    course: "Physics",
    text: "Which of these are vector quantities?",
    optionType: "checkbox",
    options: [["Velocity", true], ["Mass", false], ["Acceleration", true], ["Temperature", false]],
    explanation: "<p>Velocity and acceleration have a direction as well as a size; mass and temperature do not.</p>",
  },
  {
    category: "Science",
    course: "Physics",
    text: "A car travels 100 m in 20 s at constant speed. What is its speed?",
    optionType: "radio",
    options: [["2 m/s", false], ["5 m/s", true], ["20 m/s", false], ["2000 m/s", false]],
    explanation: "<p>Speed = distance ÷ time = 100 m ÷ 20 s = <strong>5 m/s</strong>.</p>",
  },
];

export interface DemoQuiz {
  name: string;
  description: string;
  category: "Mathematics" | "Science";
  course: "Algebra" | "Geometry" | "Physics";
  level: "Easy" | "Moderate" | "Hard";
  status: "Draft" | "Published";
  time: number;
  attemptsAllowed: number;
  negativeMarking: boolean;
  consecutiveWrong: number;
  takeBestScore: boolean;
  allowSkip: boolean;
  questionIndexes: number[];
}

export const DEMO_QUIZZES: DemoQuiz[] = [
  {
    name: "Algebra Basics",
    description: "Linear equations, expanding brackets and a first quadratic.",
    category: "Mathematics",
    course: "Algebra",
    level: "Easy",
    status: "Published",
    time: 10,
    attemptsAllowed: 3,
    negativeMarking: false,
    consecutiveWrong: 0,
    takeBestScore: true,
    allowSkip: true,
    questionIndexes: [0, 1, 2, 3],
  },
  {
    name: "Physics Fundamentals",
    description: "Units, vectors and speed. Two wrong answers in a row cost a point.",
    category: "Science",
    course: "Physics",
    level: "Moderate",
    status: "Published",
    time: -1,
    attemptsAllowed: 2,
    negativeMarking: true,
    consecutiveWrong: 2,
    takeBestScore: false,
    allowSkip: false,
    questionIndexes: [6, 7, 8],
  },
  {
    name: "Geometry Challenge",
    description: "Angles and quadrilaterals (work in progress).",
    category: "Mathematics",
    course: "Geometry",
    level: "Hard",
    status: "Draft",
    time: 5,
    attemptsAllowed: 1,
    negativeMarking: false,
    consecutiveWrong: 0,
    takeBestScore: false,
    allowSkip: false,
    questionIndexes: [4, 5],
  },
];
