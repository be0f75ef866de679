import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static String reverseWords(String s) {
        StringBuilder out = new StringBuilder();
        int i = 0, n = s.length();
        while (i < n) {
            if (s.charAt(i) == ' ') {
                out.append(' ');
                i++;
                continue;
            }
            int j = i;
            while (j < n && s.charAt(j) != ' ') j++;
            out.append(new StringBuilder(s.substring(i, j)).reverse());
            i = j;
        }
        return out.toString();
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String line = in.readLine();
        System.out.println(reverseWords(line == null ? "" : line));
    }
}
