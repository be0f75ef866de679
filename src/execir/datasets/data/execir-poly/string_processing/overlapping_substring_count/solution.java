import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static int countOverlapping(String text, String sub) {
        if (sub.isEmpty()) return 0;
        int count = 0;
        for (int i = 0; i + sub.length() <= text.length(); i++) {
            boolean matched = true;
            for (int j = 0; j < sub.length(); j++) {
                if (text.charAt(i + j) != sub.charAt(j)) {
                    matched = false;
                    break;
                }
            }
            if (matched) count++;
        }
        return count;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String pattern = in.readLine(), text = in.readLine();
        System.out.println(countOverlapping(text == null ? "" : text, pattern == null ? "" : pattern));
    }
}
