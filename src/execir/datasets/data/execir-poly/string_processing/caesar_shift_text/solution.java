import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static String caesar(String text, int k) {
        int shift = Math.floorMod(k, 26);
        StringBuilder out = new StringBuilder();
        for (char ch : text.toCharArray()) {
            if (ch >= 'a' && ch <= 'z') out.append((char) ('a' + (ch - 'a' + shift) % 26));
            else if (ch >= 'A' && ch <= 'Z') out.append((char) ('A' + (ch - 'A' + shift) % 26));
            else out.append(ch);
        }
        return out.toString();
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        int k = Integer.parseInt(in.readLine().trim());
        String text = in.readLine();
        System.out.println(caesar(text == null ? "" : text, k));
    }
}
