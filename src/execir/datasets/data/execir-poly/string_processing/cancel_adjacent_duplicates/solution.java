import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static int cancelPairs(String s, StringBuilder stack) {
        int removed = 0;
        for (char ch : s.toCharArray()) {
            int top = stack.length() - 1;
            if (top >= 0 && stack.charAt(top) == ch) {
                stack.deleteCharAt(top);
                removed++;
            } else {
                stack.append(ch);
            }
        }
        return removed;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String line = in.readLine();
        StringBuilder rest = new StringBuilder();
        int removed = cancelPairs(line == null ? "" : line, rest);
        System.out.println(rest);
        System.out.println(removed);
    }
}
