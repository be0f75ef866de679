import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static String encode(String text) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < text.length()) {
            int j = i;
            while (j < text.length() && text.charAt(j) == text.charAt(i)) j++;
            out.append(text.charAt(i)).append(j - i);
            i = j;
        }
        return out.toString();
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String line = in.readLine();
        System.out.println(encode(line == null ? "" : line));
    }
}
