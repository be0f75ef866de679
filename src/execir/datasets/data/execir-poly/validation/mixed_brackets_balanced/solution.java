import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.ArrayDeque;
import java.util.Deque;

public class Main {
    static boolean balanced(String s) {
        String openers = "([{", closers = ")]}";
        Deque<Character> stack = new ArrayDeque<>();
        for (char ch : s.toCharArray()) {
            if (openers.indexOf(ch) >= 0) {
                stack.push(ch);
            } else if (closers.indexOf(ch) >= 0) {
                char want = openers.charAt(closers.indexOf(ch));
                if (stack.isEmpty() || stack.peek() != want) return false;
                stack.pop();
            }
        }
        return stack.isEmpty();
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        for (String line; (line = in.readLine()) != null;) {
            if (!line.isEmpty()) out.append(balanced(line) ? "balanced" : "unbalanced").append("\n");
        }
        System.out.print(out);
    }
}
