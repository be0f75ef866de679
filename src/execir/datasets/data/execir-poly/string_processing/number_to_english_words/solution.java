import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static final String[] ONES = {"zero", "one", "two", "three", "four", "five", "six", "seven",
        "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
        "seventeen", "eighteen", "nineteen"};
    static final String[] TENS = {"", "", "twenty", "thirty", "forty", "fifty", "sixty",
        "seventy", "eighty", "ninety"};

    static String belowHundred(int m) {
        if (m < 20) return ONES[m];
        String word = TENS[m / 10];
        if (m % 10 != 0) word += "-" + ONES[m % 10];
        return word;
    }

    static String numberWords(long n) {
        if (n < 0 || n > 999) return "invalid";
        if (n < 100) return belowHundred((int) n);
        String word = ONES[(int) (n / 100)] + " hundred";
        if (n % 100 != 0) word += " and " + belowHundred((int) (n % 100));
        return word;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        for (String line; (line = in.readLine()) != null;) {
            if (!line.trim().isEmpty()) out.append(numberWords(Long.parseLong(line.trim()))).append("\n");
        }
        System.out.print(out);
    }
}
