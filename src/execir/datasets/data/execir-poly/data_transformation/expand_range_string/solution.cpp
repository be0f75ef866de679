#include <iostream>
#include <set>
#include <string>
#include <vector>

bool parseNumber(const std::string& text, long long& out) {
    size_t start = (!text.empty() && text[0] == '-') ? 1 : 0;
    if (start == text.size()) return false;
    for (size_t i = start; i < text.size(); i++) if (text[i] < '0' || text[i] > '9') return false;
    out = std::stoll(text);
    return true;
}

std::string trim(const std::string& s) {
    size_t a = s.find_first_not_of(' ');
    if (a == std::string::npos) return "";
    return s.substr(a, s.find_last_not_of(' ') - a + 1);
}

bool expand(const std::string& text, std::set<long long>& values) {
    if (trim(text).empty()) return true;
    std::vector<std::string> parts(1);
    for (char ch : text) {
        if (ch == ',') parts.emplace_back();
        else parts.back() += ch;
    }
    for (std::string part : parts) {
        part = trim(part);
        size_t cut = part.size() > 1 ? part.find('-', 1) : std::string::npos;
        std::string lowText = cut == std::string::npos ? part : part.substr(0, cut);
        std::string highText = cut == std::string::npos ? part : part.substr(cut + 1);
        long long low, high;
        if (!parseNumber(lowText, low) || !parseNumber(highText, high) || low > high) return false;
        for (long long v = low; v <= high; v++) values.insert(v);
    }
    return true;
}

int main() {
    std::string line;
    std::getline(std::cin, line);
    std::set<long long> values;
    if (!expand(line, values)) {
        std::cout << "invalid\n";
        return 0;
    }
    bool first = true;
    for (long long v : values) {
        std::cout << (first ? "" : " ") << v;
        first = false;
    }
    std::cout << "\n";
    return 0;
}
