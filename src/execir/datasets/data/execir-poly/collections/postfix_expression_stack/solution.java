import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.ArrayDeque;

public class Main {
    static Long evaluate(String[] tokens) {
        ArrayDeque<Long> stack = new ArrayDeque<>();
        for (String tok : tokens) {
            if (tok.isEmpty()) continue;
            if (tok.equals("+") || tok.equals("-") || tok.equals("*") || tok.equals("/")) {
                if (stack.size() < 2) return null;
                long b = stack.pop();
                long a = stack.pop();
                if (tok.equals("+")) stack.push(a + b);
                else if (tok.equals("-")) stack.push(a - b);
                else if (tok.equals("*")) stack.push(a * b);
                else {
                    if (b == 0) return null;
                    stack.push(a / b);
                }
            } else {
                stack.push(Long.parseLong(tok));
            }
        }
        return stack.size() == 1 ? stack.pop() : null;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String line = in.readLine();
        Long result = evaluate((line == null ? "" : line).trim().split("\\s+"));
        System.out.println(result == null ? "error" : String.valueOf(result));
    }
}
