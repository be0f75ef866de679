import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static long reverseDigits(long n) {
        long sign = n < 0 ? -1 : 1;
        n *= sign;
        long result = 0;
        while (n > 0) {
            result = result * 10 + n % 10;
            n /= 10;
        }
        return sign * result;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        String line;
        while ((line = in.readLine()) != null) {
            line = line.trim();
            if (!line.isEmpty()) out.append(reverseDigits(Long.parseLong(line))).append("\n");
        }
        System.out.print(out);
    }
}
