/**
 * The default Python code offered by 'Use Custom Code' (forms-dp 2.10): the code defines
 * `run(inputData, authData)` and returns JSON (a dict, list, str, number, bool or None).
 * `inputData` holds the step's field values, `authData` the connected account's values.
 * The sandbox provides `request(...)`, `authenticated_request(...)` and `RequestError`
 * (no import needed); only Python's standard library is available.
 */

/** The default template: a plain request built from inputData and authData. */
export const DEFAULT_PYTHON_TEMPLATE = `# inputData: this step's field values. authData: the connected account's values.
# Return a dict or a list (anything JSON can hold); it becomes the step's output.
def run(inputData, authData):
    response = request(
        'POST',
        'https://api.example.com/items',
        headers={'Authorization': 'Bearer ' + authData.get('access_token', '')},
        body={'name': inputData.get('name')},
    )
    if response['status'] >= 400:
        raise Exception('The API answered %s: %s' % (response['status'], response['body']))
    return response['body']
`;

/** The alternate template: the authenticated-request helper applies the app's authentication. */
export const AUTHENTICATED_PYTHON_TEMPLATE = `# authenticated_request applies this app's authentication (API key, basic or OAuth token).
# Leave body empty (None) for GET; params go to the query string.
def run(inputData, authData):
    response = authenticated_request('GET', 'https://api.example.com/items', params={'q': inputData.get('q')}, body=None)
    return response['body']
`;
